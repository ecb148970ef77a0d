import { type GraphQLObjectType, type GraphQLResolveInfo, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../compose/schema.ts";

describe("node ids", () => {
  it("are encoded without a promise, as the relay plugin encodes them (Type:id in base64)", () => {
    const nodeTypes = Object.values(schema.getTypeMap()).filter(
      (type): type is GraphQLObjectType =>
        isObjectType(type) && type.getInterfaces().some((face) => face.name === "Node"),
    );
    expect(nodeTypes.map((type) => type.name)).toEqual(expect.arrayContaining(["Referral", "Activity"]));
    for (const type of nodeTypes.filter((type) => type.name === "Referral" || type.name === "Activity")) {
      const info = {
        parentType: type,
        fieldName: "id",
        path: { key: "id", prev: undefined, typename: type.name },
      } as unknown as GraphQLResolveInfo;
      const id = type.getFields().id?.resolve?.({ id: 42 }, {}, {}, info);
      expect(id).toBe(Buffer.from(`${type.name}:42`).toString("base64"));
    }
  });
});

// @vitest-environment jsdom
import { fetchQuery } from "react-relay/hooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import HomeDashboardQuery from "../__generated__/HomeDashboardQuery.graphql.ts";
import viewerSessionQuery from "../__generated__/viewerSessionQuery.graphql.ts";
import { createRelayEnvironment } from "./environment.ts";
import { readInitialData } from "./initialData.ts";

const SARAH = {
  id: "VXNlcjox",
  databaseId: 1,
  username: "sarah",
  firstName: "Sarah",
  lastName: "Jones",
  role: "CUSTOMER",
  mustEnrolSecondFactor: false,
};

/** A page as the server sends it for `address`, with these answers inlined. */
function openPage(address: string, answers: unknown) {
  window.history.replaceState(null, "", address);
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="relay-data">${JSON.stringify(answers).replace(/</g, "\\u003c")}</script>`;
}

/** /graphql as the server would answer it, counting the requests. */
function stubGraphql(data: unknown) {
  const fetch = vi.fn(async () => Response.json({ data }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the page's inlined answers", () => {
  it("answer the first fetch of their operation at once, then /graphql answers as before", async () => {
    openPage("/home", [{ name: "viewerSessionQuery", variables: {}, response: { data: { viewer: SARAH } } }]);
    const fetch = stubGraphql({ viewer: { ...SARAH, firstName: "Sally" } });
    const environment = createRelayEnvironment(readInitialData());

    const firstName = () => environment.getStore().getSource().get(SARAH.id)?.firstName;

    await fetchQuery(environment, viewerSessionQuery, {}).toPromise();
    expect(fetch).not.toHaveBeenCalled();
    expect(firstName()).toBe("Sarah");

    await fetchQuery(environment, viewerSessionQuery, {}).toPromise();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(firstName()).toBe("Sally");
  });

  it("match the operation's variables in any order, and only those", async () => {
    openPage("/home", [
      {
        name: "HomeDashboardQuery",
        variables: { referralCount: 10, activityCount: 8 },
        response: { data: { viewer: null } },
      },
    ]);
    const fetch = stubGraphql({ viewer: null });
    const environment = createRelayEnvironment(readInitialData());

    await fetchQuery(environment, HomeDashboardQuery, { activityCount: 8, referralCount: 11 }).toPromise();
    expect(fetch).toHaveBeenCalledTimes(1);
    await fetchQuery(environment, HomeDashboardQuery, { activityCount: 8, referralCount: 10 }).toPromise();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("are dropped once the app has moved to another address", async () => {
    openPage("/admin?tab=customer-approval", [
      { name: "viewerSessionQuery", variables: {}, response: { data: { viewer: SARAH } } },
    ]);
    const fetch = stubGraphql({ viewer: null });
    const environment = createRelayEnvironment(readInitialData());

    window.history.replaceState(null, "", "/admin");
    const answer = await fetchQuery(environment, viewerSessionQuery, {}).toPromise();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(answer).toEqual({ viewer: null });
  });

  it("leave a page without them, or with unreadable ones, to fetch as before", async () => {
    window.history.replaceState(null, "", "/home");
    document.body.innerHTML = '<script type="application/json" id="relay-data">{not json</script>';
    const fetch = stubGraphql({ viewer: null });
    await fetchQuery(createRelayEnvironment(readInitialData()), viewerSessionQuery, {}).toPromise();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

import { builder } from "../graphql/builder.ts";
import { DEMO_ACCOUNTS } from "../demo/accounts.ts";

type DemoAccountShape = (typeof DEMO_ACCOUNTS)[number];

const DemoAccount = builder.objectRef<DemoAccountShape>("DemoAccount").implement({
  fields: (t) => ({ role: t.exposeString("role"), username: t.exposeString("username"), password: t.exposeString("password") }),
});

const Programme = builder.objectRef<{ demoMode: boolean; demoAccounts: DemoAccountShape[] }>("Programme").implement({
  description: "Facts about the programme that anyone, signed in or not, may read.",
  fields: (t) => ({
    demoMode: t.exposeBoolean("demoMode", { description: "True on a demo installation: the landing page then shows the demo accounts." }),
    demoAccounts: t.field({ type: [DemoAccount], description: "Empty unless demoMode is true.", resolve: (programme) => programme.demoAccounts }),
  }),
});

builder.queryFields((t) => ({
  programme: t.field({
    type: Programme,
    resolve: (_root, _args, context) => ({
      demoMode: context.app.config.demoMode,
      demoAccounts: context.app.config.demoMode ? DEMO_ACCOUNTS : [],
    }),
  }),
}));

// Every documented /api path, each mapped to one GraphQL operation. Later domains add theirs here.
import { authRoutes } from "../auth/restRoutes.ts";
import { compileRoutes } from "./shim.ts";

export const restRoutes = compileRoutes([...authRoutes]);

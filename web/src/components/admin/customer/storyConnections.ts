import { ConnectionHandler } from "relay-runtime";
import { ADMIN_CONNECTIONS, type AdminList } from "../adminLists.ts";

/**
 * The store id of an admin tab's list: the customer page passes it to the tab's own action
 * components, so an action taken here also leaves that list (when it is loaded) as it would there.
 */
export const adminListConnectionId = (list: AdminList) =>
  ConnectionHandler.getConnectionID("client:root", ADMIN_CONNECTIONS[list]);

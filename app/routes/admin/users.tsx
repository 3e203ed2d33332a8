import { staffCall, staffPost } from "~/features/staff/guard.server";
import { usersAction, usersPage } from "~/features/staff/users-actions.server";
import { UsersView } from "~/features/staff/users-view";
import type { Route } from "./+types/users";

export function meta() {
  return [{ title: "Usuarios | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export const loader = async (args: Route.LoaderArgs) => usersPage(await staffCall(args, "accounts"));

export const action = async (args: Route.ActionArgs) => usersAction(await staffPost(args, "accounts"));

export default UsersView;

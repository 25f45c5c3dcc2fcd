import { redirect } from "react-router";
import { LoginScreen } from "~/components/admin/login/LoginScreen";

export function meta() {
  return [{ title: "Connexion | Archimed" }, { name: "robots", content: "noindex, nofollow" }];
}

/**
 * The form says method="post" so that a submission before the page's script runs (slow network) never
 * puts the password in the address bar, the history or a server log as a query string. Such a post
 * lands here and comes back to the form, untouched: sign-in itself is the JSON API's job.
 */
export function action() {
  return redirect("/admin/login", 303);
}

export default function LoginRoute() {
  return <LoginScreen />;
}

import { redirect } from "react-router";

/** Any unknown back-office path redirects to the site's home (seed 001 §2). */
export const loader = () => redirect("/");
export const action = loader;

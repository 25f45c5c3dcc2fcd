import { redirect } from "react-router";

/** /admin lands on the pages list (seed 001 §2). */
export const loader = () => redirect("/admin/archimed-pages");

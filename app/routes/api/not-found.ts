import { api, errors } from "~/lib/http/api.server";

/** Unknown API paths answer the API's JSON 404, not a page. */
export const loader = () => api(async () => Promise.reject(errors.notFound("Point d'accès")));
export const action = loader;

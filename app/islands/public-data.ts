/** Id of the JSON script that carries a public page's props to the browser. */
export const PUBLIC_DATA_ID = "public-data";

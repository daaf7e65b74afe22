/** The id of the page content box, the target of the navigation bar's skip link. */
export const CONTENT_ID = "content";

/**
 * Where a workspace screen sends someone to change their plan or seats: the account page's
 * plan section (there is no /billing page; change it here if one comes).
 */
export const PLANS_HREF = "/account#plan";

/** The longest search text the catalogue takes; a page cuts a longer one rather than fail (issue 17 §4). */
export const SEARCH_TEXT_MAX = 200;

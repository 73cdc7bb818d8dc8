/** The longest search text the catalogue takes; a page cuts a longer one rather than fail. */
export const SEARCH_TEXT_MAX = 200;

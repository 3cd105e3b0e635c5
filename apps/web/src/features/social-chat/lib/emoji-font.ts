/**
 * Emoji drawn by the system's colour emoji font: without it, a browser may take a plain text
 * font that happens to hold an outline of the same character.
 */
export const emojiFont =
  "[font-family:'Apple_Color_Emoji','Segoe_UI_Emoji','Noto_Color_Emoji','Twemoji_Mozilla',sans-serif]";

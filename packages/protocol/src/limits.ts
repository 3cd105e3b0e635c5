/** Constants shared by the server's validation and the web app's forms (docs/product.md#limits). */
export const limits = {
  usernameMax: 32,
  usernamePattern: /^[A-Za-z0-9_.-]+$/,
  emailMax: 254,
  passwordMin: 8,
  /** scrypt cost grows with length; a cap keeps a login from being a CPU attack. */
  passwordMax: 256,
  /** Largest JSON body any route accepts. */
  bodyMaxBytes: 1024 * 1024,
  /**
   * Largest AI history push body: a message keeps its prompt's images (up to 10 of about
   * 4 MB each at most, in base64), so it may not fit `bodyMaxBytes`.
   */
  aiHistoryPushMaxBytes: 64 * 1024 * 1024,
  chatInputMax: 2000,
  /** Characters of an AI chat's or a preset's system message. */
  systemMessageMax: 4000,
  chatInputRows: 4,
  toolDescriptionMax: 1000,
  joinedChunkBuffer: 5,
  defaultMaxTokensCap: 4096,
  historyPageSize: 50,
  timelineGapMs: 300_000,
  maxUrlLength: 500,
  /** Longest id (UUIDs are 36 characters) any body may carry. */
  idMax: 64,
  /** Characters (code points) of a display name, after cleaning (docs/product.md#identity). */
  displayNameMax: 64,
  /** Bytes of an avatar image as uploaded; the browser resizes it to `avatarPixels` first. */
  avatarMaxBytes: 512 * 1024,
  /** The longer side, in pixels, an avatar is resized to before upload. */
  avatarPixels: 256,
} as const;

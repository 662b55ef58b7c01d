// Account fields the owner types (sign-up, Settings → Account), bounded the same on both sides.

/** `full_name` becomes the product's display name and rides in every access token: a name, not a document. */
export const MAX_FULL_NAME_LENGTH = 200

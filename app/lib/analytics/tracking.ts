/**
 * Third-party tags the server is configured with, handed to the public page. Both IDs are public by
 * nature (they appear in any page that loads the tags); null means the tag is never loaded.
 */
export interface TrackingConfig {
  gaId: string | null;
  pixelId: string | null;
}

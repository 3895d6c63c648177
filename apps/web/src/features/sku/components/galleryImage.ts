/** One picture of an edition's media, as the gallery and its full-screen viewer show it. */
export interface GalleryImage {
  url: string;
  caption: string;
}

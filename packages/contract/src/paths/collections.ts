// The collections API paths, apart from its schemas (collections.ts re-exports them): see src/paths/README.md.

export const COLLECTIONS_API = {
  collections: '/api/collections',
  collection: (collectionId: number | string) => `/api/collections/${collectionId}`,
  share: '/api/share',
} as const;

// The uploads API paths, apart from its schemas (uploads.ts re-exports them): see src/paths/README.md.

export const UPLOADS_API = {
  cloudStoragesNew: '/api/cloud_storages/new',
  cloudStorage: '/api/cloud_storage',
  cloudStorageNew: '/api/cloud_storage/new',
  /** The storage host's form endpoint (not under /api: it is the store, as an outside file store was). */
  uploads: '/uploads',
  upload: (key: string) => `/uploads/${key}`,
  /** DELETE: the owner removes an upload (decisions/0020). */
  ownUpload: (id: number | string) => `/api/uploads/${id}`,
} as const;

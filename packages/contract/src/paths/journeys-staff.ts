// The journeys-staff API paths, apart from its schemas (journeys-staff.ts re-exports them): see src/paths/README.md.

export const JOURNEYS_STAFF_API = {
  journeys: '/api/admin/journeys',
  journey: (id: number | string) => `/api/admin/journeys/${id}`,
  tasks: (id: number | string) => `/api/admin/journeys/${id}/tasks`,
  task: (id: number | string, taskId: number | string) => `/api/admin/journeys/${id}/tasks/${taskId}`,
} as const;

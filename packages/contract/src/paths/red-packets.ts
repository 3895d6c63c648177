// The red-packets API paths, apart from its schemas (red-packets.ts re-exports them): see src/paths/README.md.

export const RED_PACKETS_API = {
  events: '/api/red_packet_events',
  event: (id: number | string) => `/api/events/${id}`,
  redPackets: (id: number | string) => `/api/events/${id}/red_packets`,
  redPacket: (id: number | string, rid: number | string) => `/api/events/${id}/red_packets/${rid}`,
  newShare: (id: number | string, rid: number | string) => `/api/events/${id}/red_packets/${rid}/shares/new`,
  share: (id: number | string, rid: number | string, sid: string) => `/api/events/${id}/red_packets/${rid}/shares/${sid}`,
  opens: (id: number | string, rid: number | string, sid: string) => `/api/events/${id}/red_packets/${rid}/shares/${sid}/opens`,
  accountsRedPackets: (id: number | string) => `/api/events/${id}/accounts_red_packets`,
  eventOpenings: (id: number | string) => `/api/events/${id}/openings`,
  adminEvents: '/api/admin/red_packet_events',
  adminEvent: (id: number | string) => `/api/admin/red_packet_events/${id}`,
} as const;

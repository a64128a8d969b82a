import { api } from '@/lib/api-client';
import type { VideoHistoryRecord } from '@/features/generation/lib/history-record';

export type SaveHistoryResponse = { video_id: string; smart_title: string | null };

/** POST /api/user/{uid}/video-history; idempotent per job_id on the server. */
export function saveVideoHistory(record: VideoHistoryRecord): Promise<SaveHistoryResponse> {
  return api.post<SaveHistoryResponse>(`/api/user/${encodeURIComponent(record.user_id)}/video-history`, record);
}

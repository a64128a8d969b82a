import { api } from '@/lib/api-client';

/**
 * GET /api/courses/{id}/scorm (issue 17): the course as a SCORM 1.2 package, a zip with one SCO
 * per lesson that has a finished video. Only the owner is answered; 409 while no lesson has one.
 */
export function getScormPackage(courseId: string): Promise<Blob> {
  return api.get<Blob>(`/api/courses/${encodeURIComponent(courseId)}/scorm`, { as: 'blob' });
}

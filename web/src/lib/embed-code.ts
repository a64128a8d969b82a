import { paths } from '@/config/paths';

export type EmbedKind = 'video' | 'course';

/** The frame's size: a video fills 16:9; a course also shows its lessons under the video. */
const sizes: Record<EmbedKind, { width: number; height: number }> = {
  video: { width: 640, height: 360 },
  course: { width: 640, height: 560 },
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The address another site frames for a published video or course. */
export function embedUrl(origin: string, kind: EmbedKind, id: string): string {
  return `${origin}${kind === 'video' ? paths.embedVideo(id) : paths.embedCourse(id)}`;
}

/** The HTML another site pastes to show a published video or course (issue 17). */
export function embedCode(origin: string, kind: EmbedKind, id: string, title: string): string {
  const { width, height } = sizes[kind];
  const src = escapeAttribute(embedUrl(origin, kind, id));
  const name = escapeAttribute(`${title} – Lectern`);
  return `<iframe src="${src}" title="${name}" width="${width}" height="${height}" style="border:0" allow="fullscreen" allowfullscreen></iframe>`;
}

import type { components } from '@/types/openapi';

/**
 * Who writes a job's script, as the create screen tells the user before charging (issue 19):
 * a language model on this server, a remote one, or the offline writer, whose "video" is a
 * labelled study skeleton rather than a lesson.
 */
export type WriterKind = components['schemas']['WriterKind'];

export type Writer = components['schemas']['Writer'];

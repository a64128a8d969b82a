/**
 * Who writes a job's script, as the create screen tells the user before charging (issue 19):
 * a language model on this server, a remote one, or the offline writer, whose "video" is a
 * labelled study skeleton rather than a lesson.
 */
export type WriterKind = 'local_model' | 'remote_model' | 'offline_draft';

export type Writer = { kind: WriterKind; label: string };

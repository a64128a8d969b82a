import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useGenerationQueue } from '@/hooks/use-generation-queue';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { draftKey } from '@/lib/drafts';
import { newQueueJob } from '@/lib/queue-job';
import { videoCost, type VideoOrder } from '@/lib/video-order';
import type { DryRunResult } from '@/features/editor/api/contract';
import { dryRunQueryOptions, dryRunResult } from '@/features/editor/api/dry-run';
import { renderStoryboard } from '@/features/editor/api/render-storyboard';
import { ActionErrorMessage, actionError, type ActionError } from '@/features/editor/components/editor-actions';
import { StoryboardEditor, UNRENDERED_EDITS } from '@/features/editor/components/storyboard-editor';
import { useStoryboardEditor } from '@/features/editor/hooks/use-storyboard-editor';
import { creditText } from '@/features/editor/lib/storyboard-math';
import '@/features/editor/components/editor.css';

type PreviewScreenProps = {
  /** The dry run's job. */
  jobId: string;
  /** What the create form asked for (null when the address lost it: the video cannot be ordered from here). */
  order: VideoOrder | null;
  userId: string | null;
  /** The create screen the preview was started from: the way back. */
  createPath: string;
  /** The video's job started (it is in the AI Generation Queue). */
  onRendering: (jobId: string) => void;
};

/** Issue 16: a dry run followed to its storyboard, checked and edited before paying, then rendered. */
export function PreviewScreen({ jobId, order, userId, createPath, onRendering }: PreviewScreenProps) {
  const status = useQuery(dryRunQueryOptions(jobId));
  const job = status.data;
  const plan = dryRunResult(job);

  if (plan) return <PreviewEditor key={jobId} jobId={jobId} plan={plan} order={order} userId={userId} onRendering={onRendering} />;

  let body;
  // A failed poll after an answer keeps showing that answer while it asks again.
  if (status.isError && !job) {
    body = <Problem text={`The preview could not be loaded: ${status.error.message}`} createPath={createPath} />;
  } else if (job?.status === 'failed') {
    body = <Problem text={`The script could not be written: ${job.error || 'Generation failed'}`} createPath={createPath} />;
  } else if (job?.status === 'cancelled') {
    body = <Problem text="This preview was cancelled." createPath={createPath} />;
  } else if (job?.status === 'completed') {
    body = <Problem text="This job is not a storyboard preview." createPath={createPath} />;
  } else {
    const progress = job?.progress ?? 0;
    body = (
      <section className="card editor-progress" aria-labelledby="preview-progress-title">
        <h2 id="preview-progress-title" className="storyboard-editor__title">
          Writing your storyboard
        </h2>
        <ProgressBar className="progress" fillClassName="progress__fill" label="Preview progress" value={progress} minPercent={2} />
        <p role="status" data-testid="preview-step">
          {job?.current_step || 'Queued for processing...'} {progress}%
        </p>
        <p className="editor-actions__note">A preview is free: nothing is charged until you render the video.</p>
      </section>
    );
  }

  return (
    <div className="editor-page">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">Preview storyboard</h1>
          <p className="page-header__description">{order ? order.topic : 'Check the script before you pay for the video.'}</p>
        </div>
      </header>
      {body}
    </div>
  );
}

function Problem({ text, createPath }: { text: string; createPath: string }) {
  return (
    <div className="card editor-progress" role="alert">
      <p>
        <Icon name="alert" /> {text}
      </p>
      <Link to={createPath} className="btn btn--secondary btn--sm">
        Back to the create screen
      </Link>
    </div>
  );
}

type PreviewEditorProps = Omit<PreviewScreenProps, 'createPath'> & { plan: DryRunResult };

function PreviewEditor({ jobId, plan, order, userId, onRendering }: PreviewEditorProps) {
  const editor = useStoryboardEditor(plan.storyboard, userId ? draftKey(userId, `preview:${jobId}`) : null);
  const { store } = useGenerationQueue();
  const [sending, setSending] = useState(false);
  const { release } = useLeaveGuard(editor.dirty && !sending, UNRENDERED_EDITS);
  const [error, setError] = useState<ActionError | null>(null);
  const cost = order ? videoCost(order.duration) : null;

  const render = async () => {
    if (!order || !userId || sending) return;
    setSending(true);
    setError(null);
    try {
      const draft = newQueueJob({ type: 'video', topic: order.topic }, { duration: order.duration, level: order.level, credits: cost ?? undefined });
      const id = await editor.submit((storyboard) => store.start(draft, () => renderStoryboard(order, userId, storyboard, jobId)));
      editor.forgetDraft();
      release();
      onRendering(id);
    } catch (e) {
      console.error('Rendering the previewed storyboard could not start', e);
      setError(actionError(e));
      setSending(false);
    }
  };

  return (
    <div className="editor-page">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">Preview storyboard</h1>
          <p className="page-header__description">
            {plan.smart_title || plan.title}
            {plan.script_engine ? ` · written by ${plan.script_engine}` : ''}
          </p>
        </div>
      </header>
      {plan.storyboard.origin === 'offline_draft' ? (
        <p className="alert">
          <Icon name="info" className="alert__icon" /> This script is an offline draft: a labelled study skeleton, not a language
          model&apos;s lesson. Edit it freely before you render it.
        </p>
      ) : null}
      <StoryboardEditor editor={editor} cost={cost === null ? '—' : creditText(cost)} />
      <section className="card editor-actions" aria-label="Render">
        <div className="editor-actions__row">
          <button type="button" className="btn btn--primary btn--lg" onClick={() => void render()} disabled={!order || !userId || sending}>
            {sending ? <span className="spinner" aria-hidden="true" /> : <Icon name="sparkles" />}
            {sending ? 'Starting…' : 'Render this video'}
          </button>
          <p className="editor-actions__note">
            {order && cost !== null
              ? `Costs ${creditText(cost)}. Credits are refunded automatically if the video fails or you cancel it.`
              : 'The order behind this preview is not known here: start again from the create screen.'}
          </p>
        </div>
        <ActionErrorMessage error={error} />
      </section>
    </div>
  );
}

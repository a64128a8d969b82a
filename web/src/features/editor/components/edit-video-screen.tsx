import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useGenerationQueue } from '@/hooks/use-generation-queue';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { draftKey } from '@/lib/drafts';
import { ApiError } from '@/lib/api-client';
import { newQueueJob } from '@/lib/queue-job';
import type { RevisionStarted, Storyboard } from '@/features/editor/api/contract';
import { storyboardQueryOptions } from '@/features/editor/api/get-storyboard';
import { priceRevision, revisionsRootKey, startRevision } from '@/features/editor/api/revisions';
import { ActionErrorMessage, actionError, type ActionError } from '@/features/editor/components/editor-actions';
import { StoryboardEditor, UNRENDERED_EDITS } from '@/features/editor/components/storyboard-editor';
import { useStoryboardEditor } from '@/features/editor/hooks/use-storyboard-editor';
import { creditText } from '@/features/editor/lib/storyboard-math';
import { limits } from '@/types/limits';
import '@/features/editor/components/editor.css';

/** Up to this many changed scenes a revision is free; more cost a credit (the server's answer is what counts). */
export const FREE_SCENE_CHANGES = limits.credits.freeRevisionScenes;

type EditVideoScreenProps = {
  /** A video id or its job's: both name the video. */
  videoId: string;
  /** Whose drafts the unsaved edits are kept as. */
  userId: string | null;
  playerPath: string;
  /** The new version's job completed: show it. */
  onRevised: (jobId: string) => void;
};

/** Issue 16: a finished video's storyboard, fixed and rendered again as a new version. */
export function EditVideoScreen({ videoId, userId, playerPath, onRevised }: EditVideoScreenProps) {
  const storyboard = useQuery(storyboardQueryOptions(videoId));
  const notFound = storyboard.error instanceof ApiError && storyboard.error.status === 404;

  return (
    <div className="editor-page">
      <Link to={playerPath} className="back-link">
        <Icon name="arrow-left" /> Back to the video
      </Link>
      <header className="page-header">
        <div>
          <h1 className="page-header__title">Edit video</h1>
          <p className="page-header__description">
            {storyboard.data ? storyboard.data.title : 'Fix the script or the slides; only the scenes you change are made again.'}
          </p>
        </div>
      </header>
      {storyboard.data ? (
        <RevisionEditor key={videoId} videoId={videoId} userId={userId} initial={storyboard.data} onRevised={onRevised} />
      ) : storyboard.isError ? (
        <div className="card editor-progress" role="alert">
          <p>
            <Icon name="alert" />{' '}
            {notFound ? 'This video has no storyboard you can edit.' : `The storyboard could not be loaded: ${storyboard.error.message}`}
          </p>
        </div>
      ) : (
        <div className="card editor-progress" aria-busy="true">
          <span className="spinner" role="status" aria-label="Loading the storyboard" />
        </div>
      )}
    </div>
  );
}

type Step =
  | { kind: 'editing' }
  | { kind: 'pricing' }
  | { kind: 'priced'; price: RevisionStarted; storyboard: Storyboard }
  | { kind: 'starting' }
  | { kind: 'rendering'; jobId: string };

const scenesText = (n: number) => `${n} ${n === 1 ? 'scene' : 'scenes'} changed`;

type RevisionEditorProps = { videoId: string; userId: string | null; initial: Storyboard; onRevised: (jobId: string) => void };

function RevisionEditor({ videoId, userId, initial, onRevised }: RevisionEditorProps) {
  const editor = useStoryboardEditor(initial, userId ? draftKey(userId, `revision:${videoId}`) : null);
  const queryClient = useQueryClient();
  const { store } = useGenerationQueue();
  const [step, setStep] = useState<Step>({ kind: 'editing' });
  const [error, setError] = useState<ActionError | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  // A price is for the storyboard it was asked for: an edit since then asks again.
  const priced = step.kind === 'priced' && step.storyboard === editor.storyboard ? step : null;
  const busy = step.kind === 'pricing' || step.kind === 'starting' || step.kind === 'rendering';
  useLeaveGuard(editor.dirty && step.kind !== 'rendering', UNRENDERED_EDITS);

  const renderingId = step.kind === 'rendering' ? step.jobId : null;
  const getJob = useCallback(() => (renderingId ? (store.getJob(renderingId) ?? null) : null), [store, renderingId]);
  const job = useSyncExternalStore(store.subscribe, getJob, getJob);

  const onRevisedRef = useRef(onRevised);
  onRevisedRef.current = onRevised;
  useEffect(() => {
    if (!renderingId || !job) return;
    if (job.state === 'completed') {
      void queryClient.invalidateQueries({ queryKey: revisionsRootKey });
      onRevisedRef.current(renderingId);
    } else if (job.state === 'failed' || job.state === 'cancelled') {
      setError({ message: job.state === 'failed' ? job.error || 'Generation failed' : 'The new version was cancelled.', needsCredits: false });
      setStep({ kind: 'editing' });
    }
  }, [job, renderingId, queryClient]);

  useEffect(() => {
    if (priced) confirmRef.current?.focus();
  }, [priced]);

  const save = async () => {
    setError(null);
    setStep({ kind: 'pricing' });
    const storyboard = editor.storyboard;
    try {
      const price = await editor.submit((sent) => priceRevision(videoId, sent));
      setStep({ kind: 'priced', price, storyboard });
    } catch (e) {
      setError(actionError(e));
      setStep({ kind: 'editing' });
    }
  };

  const confirm = async () => {
    if (!priced) return;
    setError(null);
    setStep({ kind: 'starting' });
    try {
      const draft = newQueueJob({ type: 'video', topic: `${priced.storyboard.title} (edited)` }, { credits: priced.price.cost });
      const jobId = await editor.submit((sent) => store.start(draft, () => startRevision(videoId, sent)));
      editor.forgetDraft();
      setStep({ kind: 'rendering', jobId });
    } catch (e) {
      console.error('The new version could not start', e);
      setError(actionError(e));
      setStep({ kind: 'editing' });
    }
  };

  return (
    <>
      <StoryboardEditor
        editor={editor}
        cost={priced ? creditText(priced.price.cost) : `free for up to ${FREE_SCENE_CHANGES} changed scenes, then ${creditText(limits.credits.revision)}`}
      />
      <section className="card editor-actions" aria-label="Save changes">
        {job && step.kind === 'rendering' ? (
          <div className="editor-actions__row" data-testid="revision-progress">
            <ProgressBar className="progress" fillClassName="progress__fill" label="New version progress" value={job.progress} minPercent={2} />
            <p role="status">
              {job.currentStep} {job.progress}%
            </p>
          </div>
        ) : priced ? (
          <div className="editor-actions__row">
            <p role="status" data-testid="revision-cost">
              {priced.price.scenes_changed === 0
                ? 'No scenes changed: there is nothing to render.'
                : `${scenesText(priced.price.scenes_changed)} — ${creditText(priced.price.cost)}`}
            </p>
            {priced.price.scenes_changed > 0 ? (
              <button ref={confirmRef} type="button" className="btn btn--primary" onClick={() => void confirm()}>
                <Icon name="check" /> Confirm and render
              </button>
            ) : null}
            <button type="button" className="btn btn--secondary" onClick={() => setStep({ kind: 'editing' })}>
              Keep editing
            </button>
          </div>
        ) : (
          <div className="editor-actions__row">
            <button type="button" className="btn btn--primary btn--lg" onClick={() => void save()} disabled={busy}>
              {busy ? <span className="spinner" aria-hidden="true" /> : <Icon name="check" />}
              {step.kind === 'starting' ? 'Starting…' : step.kind === 'pricing' ? 'Checking…' : 'Save changes'}
            </button>
            <p className="editor-actions__note">
              You see what it costs before anything is charged: up to {FREE_SCENE_CHANGES} changed scenes are free.
            </p>
          </div>
        )}
        <ActionErrorMessage error={error} />
      </section>
    </>
  );
}

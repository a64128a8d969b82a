import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { GenerationStatus } from '@/features/generation/components/generation-status';
import { useVideoGeneration } from '@/features/generation/hooks/use-video-generation';
import {
  DEFAULT_DURATION_MINUTES,
  DEFAULT_LEVEL,
  DEFAULT_WPM,
  LEVELS,
  LONG_VIDEO_MINUTES,
  MAX_DURATION_MINUTES,
  MAX_TOPIC_LENGTH,
  MAX_WPM,
  MIN_DURATION_MINUTES,
  MIN_WPM,
  videoCost,
  type Level,
} from '@/features/generation/lib/video-request';
import '@/features/generation/components/create-lesson.css';

const examples = ['How vaccines train the immune system', 'Eigenvalues and eigenvectors', 'Recursion in Python', 'Supply and demand'];

const creditWord = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

type CreateLessonFormProps = {
  userId: string | null;
  /** The balance as the credits feature reports it; null while it is loading. */
  availableCredits: number | null;
  buyCreditsPath: string;
  /** Runs once the server accepted the job (the balance changed). */
  onQueued?: () => void;
};

export function CreateLessonForm({ userId, availableCredits, buyCreditsPath, onQueued }: CreateLessonFormProps) {
  const generation = useVideoGeneration(userId);
  const [topic, setTopic] = useState('');
  const [level, setLevel] = useState<Level>(DEFAULT_LEVEL);
  const [duration, setDuration] = useState(DEFAULT_DURATION_MINUTES);
  const [subtitles, setSubtitles] = useState(true);
  const [wpm, setWpm] = useState(DEFAULT_WPM);
  const [topicError, setTopicError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const topicRef = useRef<HTMLTextAreaElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const ids = useId();

  const cost = videoCost(duration);
  const short = availableCredits !== null && availableCredits < cost;
  const onQueuedRef = useRef(onQueued);
  onQueuedRef.current = onQueued;
  useEffect(() => {
    if (generation.isQueued) onQueuedRef.current?.();
  }, [generation.isQueued, generation.jobId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!topic.trim()) {
      setTopicError('Describe the topic your video should explain.');
      topicRef.current?.focus();
      return;
    }
    if (short || submitting) return;
    setSubmitting(true);
    requestAnimationFrame(() => statusRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' }));
    try {
      await generation.start({ topic, level, duration, subtitles, wpm });
    } finally {
      setSubmitting(false);
    }
  };

  const createAnother = () => {
    generation.reset();
    setTopic('');
    topicRef.current?.focus();
  };

  return (
    <div className="create-lesson">
      <div ref={statusRef}>
        <GenerationStatus
          generation={generation}
          fallbackTitle={generation.request?.topic || 'Your video'}
          buyCreditsPath={buyCreditsPath}
          onCreateAnother={createAnother}
        />
      </div>
      <form className="create-lesson__grid" onSubmit={submit} noValidate aria-label="Create an explainer video">
        <div className="form-card">
          <div className="field">
            <label htmlFor={`${ids}-topic`} className="field__label">
              What should the video explain?
            </label>
            <textarea
              id={`${ids}-topic`}
              ref={topicRef}
              className="field__input field__input--area"
              rows={3}
              maxLength={MAX_TOPIC_LENGTH}
              value={topic}
              placeholder="e.g. How photosynthesis turns sunlight into sugar"
              aria-invalid={topicError ? true : undefined}
              aria-describedby={`${ids}-topic-help${topicError ? ` ${ids}-topic-error` : ''}`}
              onChange={(e) => {
                setTopic(e.target.value);
                if (topicError) setTopicError(null);
              }}
            />
            <div className="field__row">
              <p id={`${ids}-topic-help`} className="field__help">
                A concept, a question or a skill. Be as specific as you like.
              </p>
              <span className="field__count" aria-hidden="true">
                {topic.length}/{MAX_TOPIC_LENGTH}
              </span>
            </div>
            {topicError ? (
              <p id={`${ids}-topic-error`} className="field__error" role="alert">
                {topicError}
              </p>
            ) : null}
            <div className="example-chips" aria-label="Example topics" role="group">
              {examples.map((example) => (
                <button
                  key={example}
                  type="button"
                  className="example-chip"
                  onClick={() => {
                    setTopic(example);
                    setTopicError(null);
                  }}
                >
                  {example}
                </button>
              ))}
            </div>
          </div>

          <fieldset className="field">
            <legend className="field__label">Level</legend>
            <div className="level-options">
              {LEVELS.map((option) => (
                <label key={option.value} className="level-option">
                  <input
                    type="radio"
                    name={`${ids}-level`}
                    value={option.value}
                    checked={level === option.value}
                    onChange={() => setLevel(option.value)}
                  />
                  <span className="level-option__box">
                    <span className="level-option__label">{option.label}</span>
                    <span className="level-option__hint">{option.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="field-pair">
            <div className="field">
              <div className="field__row">
                <label htmlFor={`${ids}-duration`} className="field__label">
                  Length
                </label>
                <output htmlFor={`${ids}-duration`} className="field__value">
                  {duration} min
                </output>
              </div>
              <input
                id={`${ids}-duration`}
                type="range"
                className="range"
                min={MIN_DURATION_MINUTES}
                max={MAX_DURATION_MINUTES}
                step={1}
                value={duration}
                aria-valuetext={`${duration} ${duration === 1 ? 'minute' : 'minutes'}`}
                onChange={(e) => setDuration(Number(e.target.value))}
              />
              <p className="field__help">
                1 to 15 minutes. {LONG_VIDEO_MINUTES} minutes or more costs 2 credits.
              </p>
            </div>
            <div className="field">
              <div className="field__row">
                <label htmlFor={`${ids}-wpm`} className="field__label">
                  Speaking pace
                </label>
                <output htmlFor={`${ids}-wpm`} className="field__value">
                  {wpm} wpm
                </output>
              </div>
              <input
                id={`${ids}-wpm`}
                type="range"
                className="range"
                min={MIN_WPM}
                max={MAX_WPM}
                step={10}
                value={wpm}
                aria-valuetext={`${wpm} words per minute`}
                onChange={(e) => setWpm(Number(e.target.value))}
              />
              <p className="field__help">Words per minute of the narration; 150 is a relaxed lecture pace.</p>
            </div>
          </div>

          <label className="switch-field">
            <input type="checkbox" role="switch" checked={subtitles} onChange={(e) => setSubtitles(e.target.checked)} />
            <span className="switch" aria-hidden="true" />
            <span>
              <span className="switch-field__label">Subtitles</span>
              <span className="switch-field__help">Adds English subtitles in the modern style, plus a downloadable SRT.</span>
            </span>
          </label>
        </div>

        <aside className="order-card" aria-labelledby={`${ids}-summary`}>
          <h2 id={`${ids}-summary`} className="order-card__title">
            Your video
          </h2>
          <ul className="order-card__features">
            <li>
              <Icon name="mic" /> Narrated slides at {wpm} words per minute
            </li>
            <li>
              <Icon name="captions" /> {subtitles ? 'Subtitles, chapters and a transcript' : 'Chapters and a transcript'}
            </li>
            <li>
              <Icon name="clock" /> About {duration} {duration === 1 ? 'minute' : 'minutes'} long, with a thumbnail and chapters
            </li>
          </ul>
          <dl className="order-card__totals">
            <div>
              <dt>Cost</dt>
              <dd data-testid="video-cost">
                <Icon name="zap" /> {creditWord(cost)}
              </dd>
            </div>
            <div>
              <dt>Your balance</dt>
              <dd>{availableCredits === null ? '…' : creditWord(availableCredits)}</dd>
            </div>
          </dl>
          {short ? (
            <div className="order-card__short" role="alert">
              <p>
                {availableCredits === 0
                  ? `You're out of credits. This video needs ${creditWord(cost)}.`
                  : `This video needs ${creditWord(cost)} and you have ${creditWord(availableCredits ?? 0)}.`}
                {cost > 1 && (availableCredits ?? 0) >= 1 ? ' A video under 10 minutes costs 1 credit.' : ''}
              </p>
              <Link to={buyCreditsPath} className="btn btn--accent btn--sm">
                Buy Credits
              </Link>
            </div>
          ) : null}
          <button
            type="submit"
            className="btn btn--primary btn--lg btn--block"
            disabled={short || submitting || availableCredits === null}
          >
            {submitting ? (
              <>
                <span className="spinner" aria-hidden="true" /> Starting…
              </>
            ) : (
              <>
                <Icon name="sparkles" /> Generate video
              </>
            )}
          </button>
          <p className="order-card__note">Credits are refunded automatically if the video fails or you cancel it.</p>
        </aside>
      </form>
    </div>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import type { Level } from '@/lib/levels';
import { GenerationStatus } from '@/features/create/components/generation-status';
import { LevelOptions } from '@/features/create/components/level-options';
import { creditWord, OrderCard } from '@/features/create/components/order-card';
import { PromptField, tooLongMessage } from '@/features/create/components/prompt-field';
import { WriterNotice } from '@/features/create/components/writer-notice';
import { useWriter } from '@/features/create/api/get-writer';
import { DurationField, minuteWord, RangeField } from '@/features/create/components/range-field';
import { SwitchField } from '@/features/create/components/switch-field';
import { useCreateForm } from '@/features/create/hooks/use-create-form';
import { useVideoGeneration } from '@/features/create/hooks/use-video-generation';
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
} from '@/features/create/lib/video-request';
import '@/features/create/components/create-lesson.css';

const examples = ['How vaccines train the immune system', 'Eigenvalues and eigenvectors', 'Recursion in Python', 'Supply and demand'];

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
  const topicRef = useRef<HTMLTextAreaElement>(null);

  const cost = videoCost(duration);
  const writer = useWriter();
  const form = useCreateForm({ generation, cost, availableCredits, onQueued });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = !topic.trim() ? 'Describe the topic your video should explain.' : tooLongMessage(topic, MAX_TOPIC_LENGTH);
    if (problem) {
      setTopicError(problem);
      topicRef.current?.focus();
      return;
    }
    await form.send(() => generation.start({ topic, level, duration, subtitles, wpm }, writer ? { writer: writer.kind } : undefined));
  };

  const createAnother = () => {
    generation.reset();
    setTopic('');
    topicRef.current?.focus();
  };

  const shortMessage =
    (availableCredits === 0
      ? `You're out of credits. This video needs ${creditWord(cost)}.`
      : `This video needs ${creditWord(cost)} and you have ${creditWord(availableCredits ?? 0)}.`) +
    (cost > 1 && (availableCredits ?? 0) >= 1 ? ' A video under 10 minutes costs 1 credit.' : '');

  return (
    <div className="create-lesson">
      <div ref={form.statusRef}>
        <GenerationStatus
          generation={generation}
          fallbackTitle={generation.request?.topic || 'Your video'}
          buyCreditsPath={buyCreditsPath}
          onCreateAnother={createAnother}
        />
      </div>
      <form className="create-lesson__grid create-lesson__grid--split" onSubmit={submit} noValidate aria-label="Create an explainer video">
        <div className="form-card form-card--prompt">
          <PromptField
            label="What should the video explain?"
            ref={topicRef}
            rows={3}
            maxLength={MAX_TOPIC_LENGTH}
            value={topic}
            error={topicError}
            onChange={(value) => {
              setTopic(value);
              setTopicError(null);
            }}
            placeholder="e.g. How photosynthesis turns sunlight into sugar"
            help="A concept, a question or a skill. Be as specific as you like."
            examples={examples}
            examplesLabel="Example topics"
          />
        </div>

        <OrderCard
          title="Your video"
          features={[
            { icon: 'mic', text: `Narrated slides at ${wpm} words per minute` },
            { icon: 'captions', text: subtitles ? 'Subtitles, chapters and a transcript' : 'Chapters and a transcript' },
            { icon: 'clock', text: `About ${minuteWord(duration)} long, with a thumbnail and chapters` },
          ]}
          cost={cost}
          costTestId="video-cost"
          availableCredits={availableCredits}
          short={form.short}
          shortMessage={shortMessage}
          buyCreditsPath={buyCreditsPath}
          submitting={form.submitting}
          submitLabel={writer?.kind === 'offline_draft' ? 'Generate offline draft' : 'Generate video'}
          writerNotice={<WriterNotice writer={writer} cost={cost} noun="video" />}
          note="Credits are refunded automatically if the video fails or you cancel it."
        />

        <div className="form-card form-card--options">
          <LevelOptions legend="Level" options={LEVELS} value={level} onChange={setLevel} />

          <div className="field-pair">
            <DurationField
              value={duration}
              min={MIN_DURATION_MINUTES}
              max={MAX_DURATION_MINUTES}
              onChange={setDuration}
              help={`1 to 15 minutes. ${LONG_VIDEO_MINUTES} minutes or more costs 2 credits.`}
            />
            <RangeField
              label="Speaking pace"
              value={wpm}
              display={`${wpm} wpm`}
              valueText={`${wpm} words per minute`}
              min={MIN_WPM}
              max={MAX_WPM}
              step={10}
              onChange={setWpm}
              help="Words per minute of the narration; 150 is a relaxed lecture pace."
            />
          </div>

          <SwitchField
            label="Subtitles"
            help="Adds English subtitles in the modern style, plus a downloadable SRT."
            checked={subtitles}
            onChange={setSubtitles}
          />
        </div>
      </form>
    </div>
  );
}

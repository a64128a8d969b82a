import { Icon } from '@/components/ui/icon';
import { creditWord } from '@/features/create/components/order-card';
import type { Writer } from '@/types/writer';

type WriterNoticeProps = {
  /** Undefined while the server is asked; null when it did not say. */
  writer: Writer | null | undefined;
  cost: number;
  /** What is being ordered: "video", "course". */
  noun: string;
};

/**
 * Issue 19: before charging, say who will write the script and what that yields: a local
 * model, a remote one, or the offline writer's labelled draft, with the cost.
 */
export function WriterNotice({ writer, cost, noun }: WriterNoticeProps) {
  if (writer === undefined) {
    return (
      <p className="writer-notice writer-notice--pending" data-testid="writer-notice">
        Checking which writer is available…
      </p>
    );
  }
  if (writer === null) return null;
  if (writer.kind === 'offline_draft') {
    return (
      <div className="writer-notice writer-notice--draft" data-testid="writer-notice" data-writer={writer.kind}>
        <p className="writer-notice__title">
          <Icon name="alert" /> You will get an offline draft
        </p>
        <p>
          No language model is connected: {writer.label} makes this {noun} as a labelled study skeleton with places for
          your own notes, not a finished lesson. It costs {creditWord(cost)}.
        </p>
      </div>
    );
  }
  return (
    <p className="writer-notice" data-testid="writer-notice" data-writer={writer.kind}>
      <Icon name="sparkles" /> Written by {writer.label}
      {writer.kind === 'local_model' ? ', running on this server' : ''}. It costs {creditWord(cost)}.
    </p>
  );
}

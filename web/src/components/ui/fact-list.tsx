import type { ReactNode } from 'react';

export type Fact = {
  term: ReactNode;
  value: ReactNode;
  /** The value's class and tooltip (a shortened reference shows the whole one). */
  valueClassName?: string;
  valueTitle?: string;
};

type FactListProps = {
  className: string;
  label?: string;
  /** In order; a `null`, `false` or `undefined` entry (a fact the item does not have) is left out. */
  facts: readonly (Fact | null | false | undefined)[];
};

/** A description list of term and value pairs, each pair in its own `div`. */
export function FactList({ className, label, facts }: FactListProps) {
  return (
    <dl className={className} aria-label={label}>
      {facts.map((fact, index) =>
        fact ? (
          <div key={index}>
            <dt>{fact.term}</dt>
            <dd className={fact.valueClassName} title={fact.valueTitle}>
              {fact.value}
            </dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

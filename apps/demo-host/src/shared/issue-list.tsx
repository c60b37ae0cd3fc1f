// Warnings and validation issues, worded as the count asks: one is a sentence, two or more a list.

/** One warning or issue: where it is (a schema path, a field name) and what it says. */
export interface Issue {
  /** Unique among the issues shown together (a React key). */
  key: string;
  where: string;
  message: string;
}

/** Props of {@link IssueList}. */
export interface IssueListProps {
  issues: readonly Issue[];
  /** The id of the visible heading that names the list (two or more issues). */
  labelledBy?: string;
  /** @default 'warnings' */
  className?: string;
}

/**
 * Each issue as `<code>where</code> message`: a single one as a paragraph (a one-item bulleted list reads as a list of
 * nothing), two or more as a list named by `labelledBy`. Nothing for none. Every string is rendered as plain text.
 */
export function IssueList({ issues, labelledBy, className = 'warnings' }: IssueListProps) {
  const [only, ...others] = issues;
  if (only === undefined) {
    return null;
  }
  if (others.length === 0) {
    return (
      <p className={className}>
        <code>{only.where}</code> {only.message}
      </p>
    );
  }
  return (
    <ul className={className} aria-labelledby={labelledBy}>
      {issues.map((issue) => (
        <li key={issue.key}>
          <code>{issue.where}</code> {issue.message}
        </li>
      ))}
    </ul>
  );
}

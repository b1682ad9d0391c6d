import { limits } from '@uap/domain';
import { LazyTooltip } from './LazyTooltip.tsx';

/** `text` cut at `max` characters with '...'. */
export function truncateText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Long text cut at `max`, with the full text (itself cut at 150, spec 1 §9) in a tooltip. */
export function TruncatedText({ text, max }: { text: string; max: number }) {
  if (text.length <= max) {
    return <>{text}</>;
  }
  return (
    <LazyTooltip title={truncateText(text, limits.tooltip)}>
      <span tabIndex={0}>{truncateText(text, max)}</span>
    </LazyTooltip>
  );
}

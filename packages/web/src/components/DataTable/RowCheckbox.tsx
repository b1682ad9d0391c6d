import { LazyTooltip } from './LazyTooltip.tsx';
import { bodyClasses } from './table-styles.ts';

/** Read by screen readers, not drawn. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A row's selection box (a native checkbox drawn like MUI's: one per row is cheap); a greyed one
 * says why on hover and to screen readers.
 */
export function RowCheckbox(props: {
  id: number;
  checked: boolean;
  disabledReason: string | null;
  onToggle: (id: number) => void;
}) {
  const { id, checked, disabledReason, onToggle } = props;
  const reasonId = `row-${id}-not-selectable`;
  const box = (
    <span className={bodyClasses.checkbox}>
      <input
        type="checkbox"
        aria-label={`Select row ${id}`}
        aria-describedby={disabledReason ? reasonId : undefined}
        checked={checked}
        disabled={disabledReason !== null}
        onChange={() => {
          onToggle(id);
        }}
      />
    </span>
  );
  if (!disabledReason) {
    return box;
  }
  // A disabled input gets no pointer events: the tooltip listens on a wrapper.
  return (
    <LazyTooltip title={disabledReason}>
      <span>
        {box}
        <span id={reasonId} style={visuallyHidden}>
          {disabledReason}
        </span>
      </span>
    </LazyTooltip>
  );
}

/** The header's box that selects or clears every selectable row of the page. */
export function PageCheckbox(props: {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const { checked, indeterminate, disabled, onToggle } = props;
  return (
    <span className={bodyClasses.checkbox}>
      <input
        type="checkbox"
        aria-label="Select all rows on this page"
        // Indeterminate is a property of the element, not an attribute.
        ref={(input) => {
          if (input) {
            input.indeterminate = indeterminate;
          }
        }}
        checked={checked}
        disabled={disabled}
        onChange={onToggle}
      />
    </span>
  );
}

import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { toolClasses as c } from './table-styles.ts';

/** MUI's icons used by the toolbar and pager, as plain SVG (`toolClasses.icon`). */
export const iconPaths = {
  viewColumn: 'M3 5v14h18V5zm5.33 12H5V7h3.33zm5.34 0h-3.33V7h3.33zM19 17h-3.33V7H19z',
  arrowLeft: 'M15.41 16.09l-4.58-4.59 4.58-4.59L14 5.5l-6 6 6 6z',
  arrowRight: 'M8.59 16.34l4.58-4.59-4.58-4.59L10 5.75l6 6-6 6z',
  arrowDropDown: 'M7 10l5 5 5-5z',
  filterList: 'M10 18h4v-2h-4zM3 6v2h18V6zm3 7h12v-2H6z',
} as const;

export function Icon({ path, inheritSize = false }: { path: string; inheritSize?: boolean }) {
  return (
    <svg
      className={inheritSize ? `${c.icon} ${c.inheritSize}` : c.icon}
      focusable="false"
      aria-hidden="true"
      viewBox="0 0 24 24"
    >
      <path d={path} />
    </svg>
  );
}

/** MUI's Button (text, or outlined) as a plain button. */
export function ToolButton(props: {
  children: ReactNode;
  onClick: (event: React.MouseEvent<HTMLButtonElement>) => void;
  disabled?: boolean;
  outlined?: boolean;
  startIcon?: string;
}) {
  return (
    <button
      type="button"
      className={props.outlined ? `${c.button} ${c.outlined}` : c.button}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.startIcon && (
        <span className={c.startIcon}>
          <Icon path={props.startIcon} />
        </span>
      )}
      {props.children}
    </button>
  );
}

/** MUI's small outlined TextField with a floating label, as plain elements. */
export function SearchField(props: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  const [isFocused, setIsFocused] = useState(false);
  const className = `${c.field}${isFocused ? ` ${c.focused}` : ''}${props.value === '' ? '' : ` ${c.filled}`}`;
  return (
    <div className={className}>
      <label className={c.fieldLabel} htmlFor={id} id={`${id}-label`}>
        {props.label}
      </label>
      <div className={c.fieldBox}>
        <input
          id={id}
          type="text"
          className={c.fieldInput}
          value={props.value}
          onChange={(e) => {
            props.onChange(e.target.value);
          }}
          onFocus={() => {
            setIsFocused(true);
          }}
          onBlur={() => {
            setIsFocused(false);
          }}
        />
        <fieldset aria-hidden="true" className={c.fieldOutline}>
          <legend>
            <span>{props.label}</span>
          </legend>
        </fieldset>
      </div>
    </div>
  );
}

/** MUI's exclusive ToggleButtonGroup of small ToggleButtons, as plain buttons. */
export function ToggleGroup<Value extends string>(props: {
  label: string;
  value: Value;
  options: { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  return (
    <div role="group" aria-label={props.label} className={c.toggleGroup}>
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={c.toggle}
          aria-pressed={option.value === props.value}
          value={option.value}
          onClick={() => {
            if (option.value !== props.value) {
              props.onChange(option.value);
            }
          }}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** MUI's indeterminate LinearProgress, as plain elements. */
export function ProgressBar({ label }: { label: string }) {
  return (
    <span role="progressbar" aria-label={label} className={c.progress}>
      <span />
      <span />
    </span>
  );
}

const RowsPerPageMenu = lazy(() => import('./RowsPerPageMenu.tsx'));

/** A rows-per-page choice; with a reason it is shown disabled, the reason beside it. */
export interface RowsPerPageOption {
  label: string;
  value: number;
  disabledReason?: string | null;
}

export interface PagerProps {
  count: number;
  /** From 0. */
  page: number;
  rowsPerPage: number;
  rowsPerPageOptions: (number | RowsPerPageOption)[];
  labelDisplayedRows: (range: { from: number; to: number }) => string;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
}

/**
 * MUI's TablePagination as plain elements: "Rows per page" (a combobox whose list, MUI's Menu,
 * loads when first opened), the rows shown and the previous and next page buttons.
 */
export function Pager(props: PagerProps) {
  const { count, page, rowsPerPage } = props;
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wasOpened, setWasOpened] = useState(false);
  const isAll = rowsPerPage === -1;
  const from = count === 0 ? 0 : page * rowsPerPage + 1;
  const to = isAll ? count : Math.min(count, (page + 1) * rowsPerPage);
  const lastPage = isAll ? 0 : Math.max(0, Math.ceil(count / rowsPerPage) - 1);
  const options: RowsPerPageOption[] = props.rowsPerPageOptions.map((o) =>
    typeof o === 'number' ? { label: String(o), value: o } : o,
  );
  const shown = options.find((o) => o.value === rowsPerPage)?.label ?? String(rowsPerPage);
  const open = (target: HTMLElement) => {
    setWasOpened(true);
    setAnchor(target);
  };
  return (
    <div className={c.pager}>
      <div>
        <div style={{ flex: '1 1 100%' }} />
        <p className={c.pagerText} id={`${id}-label`}>
          Rows per page
        </p>
        <div className={c.pagerSelect}>
          <div
            role="combobox"
            tabIndex={0}
            id={`${id}-select`}
            aria-haspopup="listbox"
            aria-expanded={anchor !== null}
            aria-controls={anchor ? `${id}-list` : undefined}
            aria-labelledby={`${id}-label ${id}-select`}
            onMouseDown={(e) => {
              if (e.button === 0) {
                e.preventDefault();
                e.currentTarget.focus();
                open(e.currentTarget);
              }
            }}
            onKeyDown={(e) => {
              if ([' ', 'ArrowUp', 'ArrowDown', 'Enter'].includes(e.key)) {
                e.preventDefault();
                open(e.currentTarget);
              }
            }}
          >
            {shown}
          </div>
          <Icon path={iconPaths.arrowDropDown} />
        </div>
        <p className={c.pagerText}>{props.labelDisplayedRows({ from, to })}</p>
        <div className={c.pagerActions}>
          <button
            type="button"
            className={c.iconButton}
            aria-label="Go to previous page"
            title="Go to previous page"
            disabled={page === 0}
            onClick={() => {
              props.onPageChange(page - 1);
            }}
          >
            <Icon path={iconPaths.arrowLeft} />
          </button>
          <button
            type="button"
            className={c.iconButton}
            aria-label="Go to next page"
            title="Go to next page"
            disabled={page >= lastPage}
            onClick={() => {
              props.onPageChange(page + 1);
            }}
          >
            <Icon path={iconPaths.arrowRight} />
          </button>
        </div>
      </div>
      {wasOpened && (
        <Suspense fallback={null}>
          <RowsPerPageMenu
            id={`${id}-list`}
            labelId={`${id}-label`}
            anchor={anchor}
            options={options}
            value={rowsPerPage}
            onClose={() => {
              setAnchor(null);
            }}
            onChange={(value) => {
              setAnchor(null);
              props.onRowsPerPageChange(value);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

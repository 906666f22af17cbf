import { useRef } from "react";
import type { ScormItemState } from "~/domain/scorm";
import { useTranslation } from "~/lib/i18n/use-translation";
import type { ChoiceState } from "~/player/scorm-sequenced-runtime";
import type { ScormItem } from "~/player/types";

type Branch = { item: ScormItem; children: Branch[] };

/** The flat, depth-marked item list as the nested lists it stands for. */
function tree(items: ScormItem[]): Branch[] {
  const roots: Branch[] = [];
  const path: Branch[] = [];
  for (const item of items) {
    const branch = { item, children: [] };
    path.length = Math.min(path.length, item.depth);
    (path.at(-1)?.children ?? roots).push(branch);
    path.push(branch);
  }
  return roots;
}

/**
 * A multi-SCO package's table of contents (issue #13): the default organisation's items in order,
 * nested as lists, each SCO a button with its state. Collapsible, so on a phone it stays one line
 * above the frame until opened; it closes again once an item is chosen. A sequenced package's
 * rules (`choices`) hide items from it or make them not choosable for now (decision 018).
 */
export function ScormToc({
  title,
  items,
  states,
  current,
  choices,
  onChoose,
}: {
  title: string;
  items: ScormItem[];
  states: Record<string, ScormItemState>;
  current: string | null;
  choices?: Record<string, ChoiceState>;
  onChoose: (id: string) => void;
}) {
  const { t } = useTranslation("player");
  const details = useRef<HTMLDetailsElement>(null);
  const shown = items.filter((item) => choices?.[item.id] !== "hidden");
  const scos = shown.filter((item) => item.launch !== null);
  const position = scos.findIndex((item) => item.id === current) + 1;
  const open = scos[position - 1];

  const list = (branches: Branch[]) => (
    <ol>
      {branches.map(({ item, children }) => (
        <li key={item.id}>
          {item.launch === null ? (
            <span className="scorm-toc-group">{item.title}</span>
          ) : (
            <button
              type="button"
              className="scorm-toc-item"
              data-state={states[item.id] ?? "not_started"}
              aria-current={item.id === current ? "step" : undefined}
              disabled={choices ? choices[item.id] !== "enabled" : undefined}
              onClick={() => {
                if (details.current) details.current.open = false;
                onChoose(item.id);
              }}
            >
              <span className="scorm-toc-title">{item.title}</span>
              <span className="scorm-toc-state">{t(`scormState.${states[item.id] ?? "not_started"}`)}</span>
            </button>
          )}
          {children.length > 0 ? list(children) : null}
        </li>
      ))}
    </ol>
  );

  return (
    <nav className="scorm-toc" aria-label={t("scormContents", { title })}>
      <details ref={details}>
        <summary>
          <span>{t("scormContentsSummary", { n: position, total: scos.length })}</span>
          {open ? <span className="scorm-toc-current">{open.title}</span> : null}
        </summary>
        {list(tree(shown))}
      </details>
    </nav>
  );
}

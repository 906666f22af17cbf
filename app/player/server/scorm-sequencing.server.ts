import type { SequencingActivity, SequencingCondition, SequencingObjective } from "~/player/types";
import { first, type Node, nodes, text } from "./manifest-xml.server";

/**
 * A SCORM 2004 package's sequencing (imsss) as scorm-again's sequencing engine takes it
 * (ActivitySettings, decision 018): control modes, pre-, exit- and post-condition rules, attempt
 * limits, objectives with their maps to shared global objectives, rollup rules and considerations,
 * delivery controls. Only the values scorm-again reads differently from the manifest are changed:
 * `flow` is always given (the engine defaults it to true, the standard to false), an attempt limit
 * of 0 means none, rollup percentages are 0–100, `measureThreshold` is a parameter.
 */

const flag = (value: unknown, fallback: boolean) => {
  const read = text(value);
  return read === "true" ? true : read === "false" ? false : fallback;
};

const number = (value: unknown): number | undefined => {
  const read = text(value);
  return /^-?\d+(\.\d+)?$/.test(read) ? Number(read) : undefined;
};

/** Whether a package's sequencing asks more of the player than pass marks and objective ids (which the runtime already takes). */
export function declaresSequencing(sequencing: Node | null): boolean {
  if (!sequencing) return false;
  const objectives = first(sequencing.objectives);
  const maps = [first(objectives?.primaryobjective), ...nodes(objectives?.objective)].some((objective) => objective?.mapinfo);
  const limits = first(sequencing.limitconditions);
  return Boolean(
    sequencing.controlmode ||
    sequencing.sequencingrules ||
    sequencing.rolluprules ||
    (limits && number(limits["@attemptlimit"])) ||
    maps,
  );
}

function conditionsOf(list: unknown, combination: unknown, fallback: "all" | "any") {
  return {
    conditionCombination: text(combination) === "any" ? "any" : text(combination) === "all" ? "all" : fallback,
    conditions: nodes(list).map((node): SequencingCondition => {
      const condition = text(node["@condition"]);
      const threshold = number(node["@measurethreshold"]);
      const objective = text(node["@referencedobjective"]);
      return {
        condition: condition === "activityProgressKnown" ? "progressKnown" : condition,
        ...(text(node["@operator"]) === "not" ? { operator: "not" as const } : {}),
        ...(objective ? { referencedObjective: objective } : {}),
        ...(threshold === undefined ? {} : { parameters: { threshold } }),
      };
    }),
  } as const;
}

function rulesOf(sequencing: Node): SequencingActivity["sequencingRules"] {
  const rules = first(sequencing.sequencingrules);
  if (!rules) return undefined;
  const read = (name: string) =>
    nodes(rules[name]).map((rule) => {
      const conditions = first(rule.ruleconditions);
      return {
        action: text(first(rule.ruleaction)?.["@action"]),
        ...conditionsOf(conditions?.rulecondition, conditions?.["@conditioncombination"], "all"),
      };
    });
  return {
    preConditionRules: read("preconditionrule"),
    exitConditionRules: read("exitconditionrule"),
    postConditionRules: read("postconditionrule"),
  };
}

function objectiveOf(node: Node | null): SequencingObjective | null {
  const id = node ? text(node["@objectiveid"]) : "";
  if (!node || !id) return null;
  const measure = number(node.minnormalizedmeasure);
  const maps = nodes(node.mapinfo).flatMap((map) => {
    const target = text(map["@targetobjectiveid"]);
    return target
      ? [
          {
            targetObjectiveID: target,
            readSatisfiedStatus: flag(map["@readsatisfiedstatus"], true),
            readNormalizedMeasure: flag(map["@readnormalizedmeasure"], true),
            writeSatisfiedStatus: flag(map["@writesatisfiedstatus"], false),
            writeNormalizedMeasure: flag(map["@writenormalizedmeasure"], false),
          },
        ]
      : [];
  });
  return {
    objectiveID: id,
    satisfiedByMeasure: flag(node["@satisfiedbymeasure"], false),
    ...(measure === undefined ? {} : { minNormalizedMeasure: measure }),
    ...(maps.length > 0 ? { mapInfo: maps } : {}),
  };
}

function rollupOf(sequencing: Node) {
  const rollup = first(sequencing.rolluprules);
  if (!rollup) return {};
  const rules = nodes(rollup.rolluprule).map((rule) => {
    const conditions = first(rule.rollupconditions);
    const count = number(rule["@minimumcount"]);
    const percent = number(rule["@minimumpercent"]);
    return {
      action: text(first(rule.rollupaction)?.["@action"]),
      consideration: text(rule["@childactivityset"]) || "all",
      ...(count === undefined ? {} : { minimumCount: count }),
      ...(percent === undefined ? {} : { minimumPercent: percent * 100 }),
      ...conditionsOf(conditions?.rollupcondition, conditions?.["@conditioncombination"], "any"),
    };
  });
  const weight = number(rollup["@objectivemeasureweight"]);
  return {
    controls: {
      rollupObjectiveSatisfied: flag(rollup["@rollupobjectivesatisfied"], true),
      rollupProgressCompletion: flag(rollup["@rollupprogresscompletion"], true),
      ...(weight === undefined ? {} : { objectiveMeasureWeight: weight }),
    },
    rules: rules.length > 0 ? { rules } : undefined,
  };
}

/** adlseq:rollupConsiderations' attributes, by the names the engine reads. */
const CONSIDERATIONS = {
  "@requiredforsatisfied": "requiredForSatisfied",
  "@requiredfornotsatisfied": "requiredForNotSatisfied",
  "@requiredforcompleted": "requiredForCompleted",
  "@requiredforincomplete": "requiredForIncomplete",
};

/** One activity of the tree: an item (or the organisation) with its sequencing, and its children's. */
export function sequencingActivity(
  id: string,
  title: string,
  sequencing: Node | null,
  children: SequencingActivity[] | null,
): SequencingActivity {
  const mode = first(sequencing?.controlmode);
  const rollup = sequencing ? rollupOf(sequencing) : {};
  const objectives = first(sequencing?.objectives);
  const primary = objectiveOf(first(objectives?.primaryobjective));
  const others = nodes(objectives?.objective).flatMap((node) => objectiveOf(node) ?? []);
  const limits = first(sequencing?.limitconditions);
  const attemptLimit = number(limits?.["@attemptlimit"]);
  const duration = limits ? text(limits["@attemptabsolutedurationlimit"]) : "";
  const considerations = first(sequencing?.rollupconsiderations);
  const delivery = first(sequencing?.deliverycontrols);
  return {
    id,
    title,
    ...(children ? { children } : {}),
    sequencingControls: {
      choice: flag(mode?.["@choice"], true),
      choiceExit: flag(mode?.["@choiceexit"], true),
      flow: flag(mode?.["@flow"], false),
      forwardOnly: flag(mode?.["@forwardonly"], false),
      useCurrentAttemptObjectiveInfo: flag(mode?.["@usecurrentattemptobjectiveinfo"], true),
      useCurrentAttemptProgressInfo: flag(mode?.["@usecurrentattemptprogressinfo"], true),
      ...rollup.controls,
    },
    ...(sequencing ? { sequencingRules: rulesOf(sequencing) } : {}),
    ...(attemptLimit ? { attemptLimit } : {}),
    ...(duration ? { attemptAbsoluteDurationLimit: duration } : {}),
    ...(primary ? { primaryObjective: primary } : {}),
    ...(others.length > 0 ? { objectives: others } : {}),
    ...(rollup.rules ? { rollupRules: rollup.rules } : {}),
    ...(considerations
      ? {
          rollupConsiderations: Object.fromEntries(
            Object.entries(CONSIDERATIONS).flatMap(([attribute, name]) => {
              const value = text(considerations[attribute]);
              return value ? [[name, value]] : [];
            }),
          ),
        }
      : {}),
    ...(delivery
      ? {
          deliveryControls: {
            tracked: flag(delivery["@tracked"], true),
            completionSetByContent: flag(delivery["@completionsetbycontent"], false),
            objectiveSetByContent: flag(delivery["@objectivesetbycontent"], false),
          },
        }
      : {}),
  };
}

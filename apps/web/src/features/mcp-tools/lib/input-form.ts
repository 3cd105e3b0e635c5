import {
  fieldProblem,
  type mcpStringFormats,
  type McpInputContent,
  type McpInputField,
  type McpInputProblem,
} from '@confab/protocol/mcp-input';

/** What the form's controls hold: text as typed, yes/no, the ticked choices. */
export type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;

/** The controls' first values: the server's defaults, else empty. */
export function initialValues(fields: McpInputField[]): FormValues {
  return Object.fromEntries(
    fields.map((field): [string, FormValue] => {
      switch (field.kind) {
        case 'boolean':
          return [field.name, field.default ?? false];
        case 'choices':
          return [field.name, field.default ?? []];
        case 'number':
          return [field.name, field.default === null ? '' : String(field.default)];
        case 'text':
        case 'choice':
          return [field.name, field.default ?? ''];
      }
    }),
  );
}

/** A control's value as the server takes it; undefined when left empty. */
function answerOf(field: McpInputField, value: FormValue | undefined): unknown {
  if (field.kind === 'number') {
    const text = typeof value === 'string' ? value.trim() : '';
    // Number('') is 0 and Number('1e') NaN: only a written number counts, and NaN is refused.
    return text === '' ? undefined : Number(text);
  }
  if (field.kind === 'text' || field.kind === 'choice') return value === '' ? undefined : value;
  return value;
}

/**
 * The answer to send, or each field's problem (the same rules the server checks with).
 * A yes/no left unticked is sent as `false` only when the user could see it; empty fields are
 * left out.
 */
export function readForm(
  fields: McpInputField[],
  values: FormValues,
): { content: McpInputContent } | { problems: Record<string, McpInputProblem> } {
  const content: McpInputContent = {};
  const problems: Record<string, McpInputProblem> = {};
  for (const field of fields) {
    const answer = answerOf(field, values[field.name]);
    const problem = fieldProblem(field, answer);
    if (problem) problems[field.name] = problem;
    else if (answer !== undefined) content[field.name] = answer as McpInputContent[string];
  }
  return Object.keys(problems).length > 0 ? { problems } : { content };
}

type ProblemKey =
  | `input.problem.${Exclude<McpInputProblem['code'], 'format'>}`
  | `input.problem.format_${(typeof mcpStringFormats)[number]}`;

/** The locale key and values of a problem's text (`mcpTools:input.problem.*`). */
export function problemMessage(problem: McpInputProblem): [ProblemKey, Record<string, unknown>] {
  if (problem.code === 'format') return [`input.problem.format_${problem.format}`, {}];
  const { code, ...values } = problem;
  return [`input.problem.${code}`, values];
}

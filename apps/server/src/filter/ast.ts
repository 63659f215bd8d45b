/** The syntax tree of a dnfilter expression; every node keeps its 0-based position in the text. */

export type ComparisonOperator = '==' | '!=' | '<' | '<=' | '>' | '>=';

export type LiteralNode =
  | { type: 'string'; value: string; position: number }
  /** `text` is the literal as written (`-12.50`): numbers are never turned into floats. */
  | { type: 'number'; text: string; position: number }
  /** A bare date or date-time token, already known to be valid (see temporal.ts). */
  | { type: 'date'; text: string; position: number }
  | { type: 'boolean'; value: boolean; position: number }
  | { type: 'null'; position: number };

export interface FieldNode {
  type: 'field';
  name: string;
  position: number;
}

/** `Field.method(args…)`; `position` is the method name's. */
export interface CallNode {
  type: 'call';
  target: FieldNode;
  method: string;
  args: LiteralNode[];
  /** Position of the `(` that opens the arguments. */
  argsPosition: number;
  position: number;
}

/** `position` is the operator's. */
export interface CompareNode {
  type: 'compare';
  operator: ComparisonOperator;
  left: FilterNode;
  right: FilterNode;
  position: number;
}

/** `&&` / `||`; `position` is the operator's. */
export interface LogicalNode {
  type: 'and' | 'or';
  left: FilterNode;
  right: FilterNode;
  position: number;
}

export interface NotNode {
  type: 'not';
  operand: FilterNode;
  position: number;
}

export type FilterNode = LiteralNode | FieldNode | CallNode | CompareNode | LogicalNode | NotNode;

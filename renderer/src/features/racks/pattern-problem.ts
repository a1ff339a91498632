/**
 * A slot pattern's problem as a message (issue 35): shared/format/slot-name.ts checks the pattern exactly
 * as main does and says the problem in English (the CLI's words); its few sentences map here to the racks
 * catalog's, so the one check stays the one rule and the window says it in the reader's language.
 */
import { slotPatternProblem } from '../../../../shared/format/slot-name';
import { message } from '../../../../shared/i18n/message';
import type { MessageRef } from '../../../../shared/i18n/message';

export function slotPatternProblemWords(pattern: string): MessageRef | undefined {
  const problem = slotPatternProblem(pattern);
  if (problem === undefined) return undefined;
  const twice = /^\{(\w+)\} appears twice/.exec(problem);
  if (twice !== null) return message('racks.pattern.twice', { field: twice[1] ?? '' });
  const missing = /must contain \{(\w+)\}/.exec(problem);
  if (missing !== null) return message('racks.pattern.missing', { field: missing[1] ?? '' });
  if (problem.includes('knows only')) return message('racks.pattern.unknownField');
  if (problem.includes('1 to 80')) return message('racks.pattern.length');
  if (problem.includes('may not contain')) return message('racks.pattern.chars');
  // A sentence added to the check but not here yet: said as the check says it.
  return message('racks.pattern.other', { problem });
}

import { printReport } from '../bench-kit';
import { sparseBlock } from './sparse-block';
printReport('sparse', await sparseBlock());

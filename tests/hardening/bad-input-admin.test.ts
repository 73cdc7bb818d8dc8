import { badInputSuite } from './bad-input';

badInputSuite('admin', 19_000);

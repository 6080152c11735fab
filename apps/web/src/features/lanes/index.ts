/** What other features use of the lane history (issue 36): the flag of a comparison row. */
export { LaneFlag, laneFlagText } from './components/lane-flag';

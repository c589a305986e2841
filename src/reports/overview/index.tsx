import { OverviewScreen } from './OverviewScreen';

export default OverviewScreen;

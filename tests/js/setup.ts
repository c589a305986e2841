import '@testing-library/jest-dom';

import { installResizeObserver } from '../../src/components/report/test/dom';

// jsdom has no canvas: every chart renders the stand-in of src/components/test/chartMock.ts, whose
// lastChartProps() and resetChartCalls() read what it recorded.
jest.mock( 'react-chartjs-2', () =>
	jest.requireActual( '../../src/components/test/chartMock' ).chartMock()
);

// What DataViews needs from a browser and jsdom lacks (src/components/report/test/dom.ts).
installResizeObserver();

// Application transitions and views: the API's navigator moves and the worker's timers share them.
export * from './application-transitions';
export * from './application-views';
export * from './eligibility-facts';

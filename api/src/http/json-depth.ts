import type { RequestHandler } from 'express';
import { badInput } from '../kernel/errors';
import { JSON_DEPTH_MAX, JSON_DEPTH_MESSAGE, nestsDeeperThan } from '../kernel/validation';

/** The REST edge: a body nested deeper than JSON_DEPTH_MAX is a 400 before any other check walks it. */
export const refuseDeepJson: RequestHandler = (req, _res, next) => {
  next(nestsDeeperThan(req.body, JSON_DEPTH_MAX) ? badInput(JSON_DEPTH_MESSAGE) : undefined);
};

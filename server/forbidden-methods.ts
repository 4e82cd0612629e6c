// The Fetch API cannot represent CONNECT, TRACE or TRACK requests: React Router's request
// adapter throws on them, which answered TRACE with a 500 and a stack trace in the log. The site
// serves none of them (and TRACE would echo the request, cookies included): refuse them first.
import type { NextFunction, Request, Response } from "express";

const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

export function refuseForbiddenMethods(req: Request, res: Response, next: NextFunction) {
  if (!FORBIDDEN_METHODS.has(req.method)) return next();
  res.status(405).set("Allow", "GET, HEAD, POST").type("text/plain").send("Method Not Allowed");
}

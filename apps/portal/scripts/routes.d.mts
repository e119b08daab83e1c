export declare const ROUTES: string[]

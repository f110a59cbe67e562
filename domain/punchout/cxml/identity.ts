/**
 * How the shop names itself in cXML: buyers' procurement systems are set up with this identity
 * (the sender of its messages when a configuration gives none, and the host of its payload ids),
 * so it is part of the punch-out contract rather than a setting that changes with the website.
 */
export const SHOP_NETWORK_ID = 'hillbrookblinds.com';
export const SHOP_USER_AGENT = 'Hill & Brook Blinds punch-out';

import { buildShopApp } from './stacks/shop-app';

buildShopApp().app.synth();

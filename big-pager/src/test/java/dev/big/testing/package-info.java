/**
 * Test support shared by the test trees of big-pager, big-engine and big-db (the latter two take
 * it from big-pager's test jar): where test files go, and how a test starts a second process.
 * A package of its own, because on the module path a package of big-pager's test classes named
 * {@code dev.big.pager} would be hidden by the big-pager module itself.
 */
package dev.big.testing;

// SPDX-License-Identifier: Apache-2.0
/* A compute kernel with nothing to do: each TRISC's MAIN returns at once. */
namespace NAMESPACE
{
void MAIN {}
} // namespace NAMESPACE
